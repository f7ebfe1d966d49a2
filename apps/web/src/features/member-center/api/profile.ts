import { useQuery } from '@tanstack/react-query';
import { ProfileValue, type ProfileBody } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** GET /wps/member/profile — the signed-in member's own (the token decides whose). */
export const useProfile = () => useQuery({ queryKey: MEMBER_KEYS.profile, queryFn: () => apiValue('/wps/member/profile', { value: ProfileValue }) });

/** PUT /wps/member/profile — the whole form; the full name and birthday only while still open. */
export const saveProfile = (body: ProfileBody) => apiValue('/wps/member/profile', { method: 'PUT', body, value: ProfileValue });
