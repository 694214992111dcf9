// Creating and editing a supplier or subscriber: the eight company fields with the shared rules; an edit carries the
// version, and a 409 keeps the input and offers the latest version.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  companyWithTaxIdsSchema,
  type CompanyWithTaxIds as CompanyFieldValues,
  type PartnerCompany,
  type PartnerKind,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import {
  COMPANY_WITH_TAX_ID_FIELD_NAMES,
  CompanyFields,
  companyFieldLabels,
} from '@/components/company-fields';
import { FormDialog } from '@/components/form-dialog';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { ConflictAlert } from '@/components/conflict-alert';
import { isProblem } from '@/lib/problem-text';
import {
  getPartnerCompanyQueryOptions,
  useCreatePartnerCompany,
  useUpdatePartnerCompany,
} from '../api/partner-companies';

function fieldValuesOf(company: PartnerCompany | undefined): CompanyFieldValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    country: company?.country ?? '',
    city: company?.city ?? '',
    street: company?.street ?? '',
    streetNumber: company?.streetNumber ?? '',
    zip: company?.zip ?? '',
    ico: company?.ico ?? '',
    dic: company?.dic ?? '',
  };
}

export interface PartnerCompanyDialogProps {
  /** The kind a new company gets (the tab it is created from); an edit keeps the company's own. */
  kind: PartnerKind;
  company?: PartnerCompany;
  onClose: () => void;
}

export function PartnerCompanyDialog({ kind, company, onClose }: PartnerCompanyDialogProps) {
  const { t } = useTranslation('companies');
  const { t: tErrors } = useTranslation('errors');
  const toast = useToast();
  const queryClient = useQueryClient();
  const createCompany = useCreatePartnerCompany();
  // Never called for a new company; the hook needs some id to be called unconditionally.
  const updateCompany = useUpdatePartnerCompany(company?.id ?? 0);
  // The version the form's values started from; the server refuses a save based on an older one.
  const [version, setVersion] = useState(company?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useLocalizedForm(companyWithTaxIdsSchema, {
    defaultValues: fieldValuesOf(company),
    fieldLabels: (locale) => companyFieldLabels(locale),
  });

  // The spec's toast names what failed; the form then says why (stale version or bad fields).
  const failed = (text: string) => (error: unknown) => {
    toast.error(text);
    if (isProblem(error, 'CONFLICT')) setConflict(true);
    else if (isProblem(error, 'VALIDATION_FAILED')) {
      applyServerFieldErrors(form.setError, error.errors, COMPANY_WITH_TAX_ID_FIELD_NAMES);
    }
  };

  const submit = (values: CompanyFieldValues) => {
    if (company) {
      updateCompany.mutate(
        { ...values, version },
        {
          onSuccess: (saved) => {
            toast.success(t('dialog.saved', { name: saved.name }));
            onClose();
          },
          onError: failed(tErrors('write.companyUpdate')),
        },
      );
      return;
    }
    createCompany.mutate(
      { ...values, kind },
      {
        onSuccess: (created) => {
          toast.success(t(`dialog.created.${kind}`, { name: created.name }));
          onClose();
        },
        onError: failed(
          tErrors(kind === 'SUPPLIER' ? 'write.supplierCreate' : 'write.subscriberCreate'),
        ),
      },
    );
  };

  const loadLatest = async () => {
    if (!company) return;
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({
        ...getPartnerCompanyQueryOptions(company.id),
        staleTime: 0,
      });
      form.reset(fieldValuesOf(latest));
      setVersion(latest.version);
      setConflict(false);
    } catch (error) {
      if (isProblem(error, 'NOT_FOUND')) {
        toast.error(t('dialog.gone'));
        onClose();
      } else {
        toast.error(t('detail.loadFailed'));
      }
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormDialog
      open
      maxWidth="md"
      fullWidth
      title={company ? t('dialog.editTitle') : t(`dialog.createTitle.${kind}`)}
      submitLabel={company ? t('dialog.save') : t(`dialog.create.${kind}`)}
      submitting={createCompany.isPending || updateCompany.isPending}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      {conflict ? (
        <ConflictAlert
          message={t('dialog.conflict')}
          onReload={() => void loadLatest()}
          reloading={reloading}
        />
      ) : null}
      <CompanyFields
        control={form.control}
        pathOf={(field) => field}
        taxIdPathOf={(field) => field}
      />
    </FormDialog>
  );
}
