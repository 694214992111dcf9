// The eight company fields (spec section 3) laid out as one block, shared by registration and the company profile; partner companies and the profile add IČO and DIČ.
import Box from '@mui/material/Box';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldLabels, Locale } from '@costory/shared';
import { i18n } from '@/i18n';
import { FormTextField } from './form-text-field';

export const COMPANY_FIELD_NAMES = [
  'name',
  'email',
  'phone',
  'country',
  'city',
  'street',
  'streetNumber',
  'zip',
] as const;
/** The registration number (IČO) and VAT number (DIČ): partner companies and the profile only. */
export const COMPANY_TAX_ID_FIELD_NAMES = ['ico', 'dic'] as const;
export type CompanyFieldName = (typeof COMPANY_FIELD_NAMES)[number];
export type CompanyTaxIdFieldName = (typeof COMPANY_TAX_ID_FIELD_NAMES)[number];
/** Every field a form with the tax ids may get a server error for. */
export const COMPANY_WITH_TAX_ID_FIELD_NAMES = [
  ...COMPANY_FIELD_NAMES,
  ...COMPANY_TAX_ID_FIELD_NAMES,
] as const;

/** How validation messages name the company fields in `locale`, under `prefix` (e.g. "company."). */
export function companyFieldLabels(locale: Locale, prefix = ''): FieldLabels {
  const t = i18n.getFixedT(locale, 'companies');
  return Object.fromEntries(
    COMPANY_WITH_TAX_ID_FIELD_NAMES.map((field) => [`${prefix}${field}`, t(`fieldName.${field}`)]),
  );
}

// Columns of a 12-column grid from the small-tablet width up; one column on phones.
const SPAN: Record<CompanyFieldName | CompanyTaxIdFieldName, number> = {
  name: 12,
  email: 7,
  phone: 5,
  street: 8,
  streetNumber: 4,
  city: 5,
  zip: 3,
  country: 4,
  ico: 6,
  dic: 6,
};

// Browsers fill these from the user's saved address; the street number has no token of its own.
const AUTOCOMPLETE: Partial<Record<CompanyFieldName, string>> = {
  name: 'organization',
  email: 'email',
  phone: 'tel',
  country: 'country-name',
  city: 'address-level2',
  street: 'address-line1',
  zip: 'postal-code',
};

const ORDER: readonly CompanyFieldName[] = [
  'name',
  'email',
  'phone',
  'street',
  'streetNumber',
  'city',
  'zip',
  'country',
];

export interface CompanyFieldsProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  /** The form path of each company field, e.g. `company.name` in the registration form. */
  pathOf: (field: CompanyFieldName) => FieldPath<TValues>;
  disabled?: boolean;
  /** The form path of the registration number (IČO) and VAT number (DIČ), when the form has them. */
  taxIdPathOf?: (field: CompanyTaxIdFieldName) => FieldPath<TValues>;
}

export function CompanyFields<TValues extends FieldValues, TOutput>({
  control,
  pathOf,
  disabled = false,
  taxIdPathOf,
}: CompanyFieldsProps<TValues, TOutput>) {
  const { t } = useTranslation('companies');
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(12, minmax(0, 1fr))' },
        // Each field keeps a line for its message below, which spaces the rows.
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {ORDER.map((field) => (
        <Box key={field} sx={{ gridColumn: { xs: 'auto', sm: `span ${SPAN[field]}` } }}>
          <FormTextField
            control={control}
            name={pathOf(field)}
            label={t(`field.${field}`)}
            autoComplete={AUTOCOMPLETE[field]}
            type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
            disabled={disabled}
          />
        </Box>
      ))}
      {taxIdPathOf
        ? COMPANY_TAX_ID_FIELD_NAMES.map((field) => (
            <Box key={field} sx={{ gridColumn: { xs: 'auto', sm: `span ${SPAN[field]}` } }}>
              <FormTextField
                control={control}
                name={taxIdPathOf(field)}
                label={t(`field.${field}`)}
                disabled={disabled}
              />
            </Box>
          ))
        : null}
    </Box>
  );
}
