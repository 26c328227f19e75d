import type ts from 'typescript';
import type { DeclarationForm } from './form';
import { mastraForm } from './mastra';
import { mcpFrameworkForm } from './mcp-framework';
import { mcpTsCoreForm } from './mcp-ts-core';
import { nestjsForm } from './nestjs';
import { nuxtForm } from './nuxt';
import { supabaseForm } from './supabase';
import { xmcpForm } from './xmcp';

/** Frameworks that declare tools without a registration method call, each in its own file. */
export const DECLARATION_FORMS: readonly DeclarationForm[] = [mastraForm, supabaseForm, mcpFrameworkForm, xmcpForm, nestjsForm, nuxtForm, mcpTsCoreForm];

const mayDeclareIn = new WeakMap<ts.SourceFile, readonly DeclarationForm[]>();

/** The forms whose text test `sf` passes: each test scans the whole text, so a tree is tested once (find.ts, tool-cache.ts). */
export function formsThatMayDeclare(sf: ts.SourceFile): readonly DeclarationForm[] {
  let forms = mayDeclareIn.get(sf);
  if (!forms) mayDeclareIn.set(sf, (forms = DECLARATION_FORMS.filter((form) => form.textMark.test(sf.text) && (form.fileMark?.(sf.fileName) ?? true))));
  return forms;
}
