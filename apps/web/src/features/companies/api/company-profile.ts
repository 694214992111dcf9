// The company profile calls: GET and PUT /api/v1/users/{userId}/company (a PUT carries the version it edits), and its logo.
import { queryOptions } from '@tanstack/react-query';
import {
  companyProfileSchema,
  type CompanyProfile,
  type CompanyProfileUpdate,
} from '@costory/shared';
import { apiClient } from '@/lib/api-client';

export function getCompanyProfileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['company-profile', userId],
    queryFn: ({ signal }) =>
      apiClient.get(`/users/${userId}/company`, { schema: companyProfileSchema, signal }),
  });
}

export function updateCompanyProfile(
  userId: number,
  update: CompanyProfileUpdate,
): Promise<CompanyProfile> {
  return apiClient.put(`/users/${userId}/company`, update, { schema: companyProfileSchema });
}

export function getCompanyLogoQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['company-profile', userId, 'logo'],
    queryFn: async ({ signal }) =>
      (await apiClient.download(`/users/${userId}/company/logo`, { signal })).blob,
  });
}

/** The file's bytes in base64 (a data URL without its prefix). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.replace(/^data:[^,]*,/, ''));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Sends the file's bytes as base64; the server checks the type by its bytes and the size. */
export async function uploadCompanyLogo(userId: number, file: Blob): Promise<CompanyProfile> {
  return apiClient.put(
    `/users/${userId}/company/logo`,
    { data: await base64Of(file) },
    { schema: companyProfileSchema },
  );
}

export function removeCompanyLogo(userId: number): Promise<CompanyProfile> {
  return apiClient.delete(`/users/${userId}/company/logo`, { schema: companyProfileSchema });
}
