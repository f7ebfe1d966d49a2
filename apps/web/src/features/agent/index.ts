/** Public surface of the agent feature: the router imports only from here. */
export { AgentLoginPage } from './components/agent-login-page';
export type { AgentLoginPageProps, AgentLoginNotice } from './components/agent-login-page';
export { AgentHomeGuard } from './components/agent-home-guard';
export type { AgentHomeGuardProps } from './components/agent-home-guard';
export { AgentDashboard } from './components/agent-dashboard';
export { ContractNotice, CONTRACT_NOTICE_MODAL } from './components/contract-notice';
export type { ContractNoticeProps } from './components/contract-notice';
