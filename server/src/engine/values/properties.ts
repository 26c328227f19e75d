// Object properties as the evaluator builds them: lazily evaluated, overriding earlier ones, and the property a
// value was read from (for locations).
import ts from 'typescript';
import { fileIndexOf, table } from '../syntax';
import type { ObjectProperty, ObjectValue, Value } from './values';

/** Sets `property` under its key (a key already there keeps its place). */
export function put(object: ObjectValue, property: ObjectProperty): void {
  object.properties.set(property.key, property);
}

/** A property whose value is evaluated only when something reads it (most of a config is never needed). */
export function lazyProperty(key: string, node: ts.Node, keyNode: ts.Node, sf: ts.SourceFile, compute: () => Value): ObjectProperty {
  let cached: Value | undefined;
  return {
    key,
    node,
    keyNode,
    sf,
    get value() {
      return (cached ??= compute());
    },
  };
}

/** `property` written after `previous` with the same key (spreads, Object.assign). */
export function overriding(property: ObjectProperty, previous: ObjectProperty): ObjectProperty {
  return {
    key: property.key,
    node: property.node,
    keyNode: property.keyNode,
    sf: property.sf,
    overrides: previous,
    get value() {
      return property.value;
    },
    get present() {
      return property.present;
    },
  };
}

/**
 * Gives a value read from `obj.key` the property as its origin, so locations point at `key: value`. A literal passed
 * through a shorthand (`return { name, config }`) is located where it is written, not at the shorthand.
 */
export function withOrigin(value: Value, property: ObjectProperty): Value {
  if (value.kind === 'literal' && ts.isShorthandPropertyAssignment(property.node) && value.node !== property.node.name) return value;
  const index = fileIndexOf(value.sf);
  if (!index.has(ORIGIN, value)) index.set(ORIGIN, value, property);
  return value;
}

const ORIGIN = table<Value, ObjectProperty>('properties:origin', 'analysis', 'the property a value was first read from, for its location (an evaluator\'s value)');

/** The property a value was read from, when it came from an object (for locations). */
export function originOf(value: Value | undefined): ObjectProperty | undefined {
  return value && fileIndexOf(value.sf).get(ORIGIN, value);
}
