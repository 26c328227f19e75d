import { fastmcpForm } from './fastmcp';
import type { Form } from './form';
import { listToolsForm } from './list-tools';
import { sdkForm } from './sdk';
import { tmcpToolsForm } from './tmcp';

/** Families of registration method calls, each in its own file (the frameworks that declare tools otherwise: declarations.ts). */
export const CALL_FORMS: readonly Form[] = [sdkForm, listToolsForm, fastmcpForm, tmcpToolsForm];
