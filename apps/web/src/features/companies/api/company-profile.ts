// The company profile calls: GET and PUT /api/v1/users/{userId}/company (a PUT carries the version it edits).
import { queryOptions } from '@tanstack/react-query';
import {
  companyProfileSchema,
  type CompanyProfile,
  type CompanyProfileUpdate,
} from '@costory/shared';
import { apiClient } from '../../../lib/api-client';

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
