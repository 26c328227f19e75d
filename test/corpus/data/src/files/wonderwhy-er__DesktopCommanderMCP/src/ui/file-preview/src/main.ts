/**
 * Browser bootstrap entrypoint for File Preview UI. It starts the app lifecycle and keeps initialization logic separate from runtime feature code.
 */
import { bootstrapApp } from './app.js';

bootstrapApp();
