import { MemberCenterLayout } from './components/member-center-layout';

/**
 * The MemberCenter section (spec §2, loaded on demand): /member and its pages /member/<page>.
 * The route table lives in app/routes.ts; the page names in logic/pages.ts.
 */
const MemberCenterPage = () => <MemberCenterLayout />;

export default MemberCenterPage;
