// Path parameters: integer ids in their one canonical spelling (design.md §5); anything else is 400.
export { idTextSchema as idParam } from '@costory/shared';
