export type HtmlPreviewMode = 'rendered' | 'source';
