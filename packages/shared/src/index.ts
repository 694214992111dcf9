// Public surface of @costory/shared: everything web and server both need.
export * from './constants';
export * from './locale';
export * from './enums';
export * from './problem';
export * from './health';
export * from './validation';
export * from './ids';
export * from './events';
export * from './accounts';
export * from './meta';
export * from './catalogs';
export * from './stories';
export * from './companies';
export * from './search';
export * from './reports';
export * from './report-format';
export * from './units';
