import { bootstrapConfigEditorApp } from './app.js';

bootstrapConfigEditorApp();
