// Account calls of the public pages: register a company, confirm an e-mail address, send the confirmation again.
import {
  emailConfirmationResultSchema,
  registrationResultSchema,
  type EmailConfirmation,
  type EmailConfirmationResult,
  type Registration,
  type RegistrationResult,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';

export function registerCompany(registration: Registration): Promise<RegistrationResult> {
  return apiClient.post('/registrations', registration, { schema: registrationResultSchema });
}

export function confirmEmail(confirmation: EmailConfirmation): Promise<EmailConfirmationResult> {
  return apiClient.post('/email-confirmations', confirmation, {
    schema: emailConfirmationResultSchema,
  });
}

/** Answers 202 whether or not the address exists, so it reveals nothing about accounts. */
export async function resendConfirmation(email: string): Promise<void> {
  await apiClient.post('/email-confirmations/resend', { email });
}
