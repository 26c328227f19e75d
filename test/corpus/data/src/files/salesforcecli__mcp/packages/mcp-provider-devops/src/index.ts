/**
 * This file dictates what is exported at the top level from your npm package.
 * Typically you just need to export your provider here, but you can choose to export more if you need to.
 */
export { DevOpsMcpProvider } from "./provider.js";
