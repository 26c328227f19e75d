import { classWrapper } from './wrapper-class';
import type { Transform } from './tree';

export const wrapperClassSameName: Transform = {
  name: 'wrapper-class-same-name',
  description: 'the class wrapper with its method named exactly like the SDK method it forwards to (`registrar1.registerTool(…)`)',
  apply: (input) => classWrapper(input, (sdkMethod) => sdkMethod),
};
