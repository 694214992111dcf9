// Form validation glue of the SPA: shared zod schemas in react-hook-form, localized messages.
export { FORM_VALIDATION_MODE } from './form-mode';
export { createLocalizedResolver, type LocalizedResolverOptions } from './localized-resolver';
export { useLocalizedForm, type UseLocalizedFormOptions } from './use-localized-form';
