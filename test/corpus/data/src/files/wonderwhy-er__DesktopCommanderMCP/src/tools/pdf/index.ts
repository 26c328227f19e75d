export { editPdf } from './manipulations.js';
export type { PdfOperations, PdfInsertOperation, PdfDeleteOperation } from './manipulations.js';
export { parsePdfToMarkdown, parseMarkdownToPdf } from './markdown.js';
export type { PdfMetadata, PdfPageItem } from './lib/pdf2md.js';
export { extractImagesFromPdf } from './extract-images.js';
export type { ImageInfo, PageImages } from './extract-images.js';

