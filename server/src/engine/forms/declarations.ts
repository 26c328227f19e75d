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
