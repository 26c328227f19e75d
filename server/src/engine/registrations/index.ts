// The registrations layer as other layers see it: the only module of this folder they import.
export { conditionText } from './conditions';
export { findTools, type Registrations } from './find';
export { mayConstructServer, serverConstructions } from './servers';
export { DECLARATION_FORMS, formsThatMayDeclare } from './forms/declarations';
export { markSharedFixes } from './shared-annotations';
export { mayRegisterTools } from './prefilter';
export { namesRequestSchema } from './forms/list-tools';
