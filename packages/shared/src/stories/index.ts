// Public surface of the story contract.
export * from './permissions';
export * from './schemas';
export * from './lineups';
export * from './versions';
export * from './comparison-sides';
export * from './version-comparison';
export * from './upgrades';
export * from './instance-sheet';
export * from './live';
