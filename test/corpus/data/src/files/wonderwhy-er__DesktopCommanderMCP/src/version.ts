export const VERSION = '0.2.46';
