// The transformations, in the order the table lists them. Each is one module of this folder.
import { aliasMethod } from './alias-method';
import { applyMethod } from './apply-method';
import { arrayConcat } from './array-concat';
import { arrayPush } from './array-push';
import { bindLocal } from './bind-local';
import { bundle } from './bundle';
import { callMethod } from './call-method';
import { castCallee } from './cast-callee';
import { castReceiver } from './cast-receiver';
import { constToModule } from './const-to-module';
import { destructureCall } from './destructure-call';
import { downlevel } from './downlevel';
import { esmToCjs } from './esm-to-cjs';
import { identity } from './identity';
import { literalToConst } from './literal-to-const';
import { mapByName } from './map-by-name';
import { nonNull } from './non-null';
import { optionalCall } from './optional-call';
import { parenCallee } from './paren-callee';
import { parenReceiver } from './paren-receiver';
import { renameLocals } from './rename-locals';
import { reorderStatements } from './reorder';
import { satisfiesReceiver } from './satisfies-receiver';
import { spreadSplit } from './spread-split';
import { subclassMethod } from './subclass-method';
import type { Transform } from './tree';
import { tsToJs } from './ts-to-js';
import { wrapperClass } from './wrapper-class';
import { wrapperClassSameName } from './wrapper-class-same-name';
import { wrapperFunction } from './wrapper-function';
import { wrapperObject } from './wrapper-object';

export type { Transform } from './tree';

export const TRANSFORMS: readonly Transform[] = [
  identity,
  parenCallee,
  parenReceiver,
  castCallee,
  castReceiver,
  satisfiesReceiver,
  nonNull,
  optionalCall,
  callMethod,
  applyMethod,
  bindLocal,
  aliasMethod,
  destructureCall,
  wrapperFunction,
  wrapperObject,
  wrapperClass,
  wrapperClassSameName,
  subclassMethod,
  literalToConst,
  constToModule,
  spreadSplit,
  arrayPush,
  arrayConcat,
  mapByName,
  esmToCjs,
  tsToJs,
  downlevel,
  bundle,
  renameLocals,
  reorderStatements,
];
