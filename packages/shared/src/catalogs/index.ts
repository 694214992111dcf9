// Public surface of the catalogue contract.
export * from './localized-text';
export * from './languages';
export * from './permissions';
export * from './schemas';
export * from './formulas';
export * from './attribute-bounds';
export * from './workbook';
