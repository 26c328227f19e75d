// Export all handlers from their respective files
export * from './filesystem-handlers.js';
export * from './terminal-handlers.js';
export * from './process-handlers.js';
export * from './edit-search-handlers.js';
export * from './search-handlers.js';
export * from './history-handlers.js';
