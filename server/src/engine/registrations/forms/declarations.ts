import type ts from 'typescript';
import { fileIndexOf, table } from '../../syntax';
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

const MAY_DECLARE = table<ts.SourceFile, readonly DeclarationForm[]>('declarations:may-declare', 'node', 'the declaration forms whose text test a tree passes');

/** The forms whose text test `sf` passes: each test scans the whole text, so a tree is tested once (find.ts, tool-cache.ts). */
export function formsThatMayDeclare(sf: ts.SourceFile): readonly DeclarationForm[] {
  return fileIndexOf(sf).cached(MAY_DECLARE, sf, () => DECLARATION_FORMS.filter((form) => form.textMark.test(sf.text) && (form.fileMark?.(sf.fileName) ?? true)));
}
