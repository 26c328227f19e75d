import { overlayOf, rewrite, siteCalls, Trees, notApplicable, type Transform } from './tree';

/** The control: every file with a registration site printed back by the TypeScript printer, unchanged. */
export const identity: Transform = {
  name: 'identity',
  description: 'files with a registration site printed back unchanged by the TypeScript printer (the control)',
  apply(input) {
    const trees = new Trees(input.ws);
    const texts = new Map<string, string>();
    for (const file of siteCalls(input, trees).keys()) texts.set(file, rewrite(trees.get(file)!, {}));
    return texts.size ? overlayOf(texts) : notApplicable('no registration call');
  },
};
