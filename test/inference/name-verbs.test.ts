// The verb a tool's name, title or description uses (evidence/name.ts): a third-person `s` is read only where the
// word stands as a verb, so a plural noun at the end of a name is not a verb.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { firstVerb } from '../../server/src/engine/evidence/name';
import { honestyFindings } from './harness';

/** Text → the verb read from it (and its effect), or undefined when none is. */
const ROWS: [string, [string, string] | undefined][] = [
  // Plural nouns where a verb would be: not verbs.
  ['web_data_x_posts', undefined],
  ['user_updates', undefined],
  ['recent_deploys', undefined],
  ['web_data_reddit_posts', undefined],
  // A verb without the `s` is a verb wherever it stands.
  ['list_posts', ['list', 'read']],
  ['create_post', ['create', 'append']],
  ['user_delete', ['delete', 'destroy']],
  // A third-person verb in the first place.
  ['deletes_user', ['delete', 'destroy']],
  ['sends_email', ['send', 'append']],
  ['patches_config', ['patch', 'write']],
  ['Deletes a file and every backup of it', ['delete', 'destroy']],
  ['Creates a new issue in the tracker', ['create', 'append']],
  // …or after a leading adverb.
  ['Permanently deletes a user', ['delete', 'destroy']],
  // A description reads its leading word only: the verb later on is not read, with or without an `s`.
  ['Shows the posts a user deletes most often', ['show', 'read']],
];

describe('name verbs: a plural noun is not a verb', () => {
  for (const [text, expected] of ROWS) {
    test(`${text} → ${expected ? expected.join(' ') : 'no verb'}`, () => {
      const verb = firstVerb(text);
      assert.deepEqual(verb ? [verb.verb, verb.effect] : undefined, expected);
    });
  }

  test('a read-only tool named for the posts it fetches raises nothing, even with its handler out of sight', () => {
    const code = `import { handlers } from "some-sdk";
server.registerTool("web_data_x_posts", { description: "x", annotations: { readOnlyHint: true } }, handlers.collect);`;
    assert.deepEqual(honestyFindings(code).map((f) => `${f.rule}: ${f.message}`), []);
  });

  test('a read-only tool whose name starts with a third-person destroying verb is still contradicted when its handler is out of sight', () => {
    const code = `import { handlers } from "some-sdk";
server.registerTool("deletes_user", { description: "x", annotations: { readOnlyHint: true } }, handlers.remove);`;
    assert.deepEqual(honestyFindings(code).map((f) => f.rule), ['read-only-contradicted']);
  });
});
