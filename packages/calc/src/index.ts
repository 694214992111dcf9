// Public surface of @costory/calc: formula compilation and story calculation (pure, no I/O).
export const CALC_ENGINE_VERSION = 1;
