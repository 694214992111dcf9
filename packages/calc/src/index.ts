// Public surface of @costory/calc: formula compilation and story calculation (pure, no I/O).
export * from './types';
export * from './language';
export * from './check';
export * from './money';
export * from './story';
