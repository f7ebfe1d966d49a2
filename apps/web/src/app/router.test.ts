import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routeObjects } from './router';
import type { RouteMeta } from './routes';

const metaChain = (path: string) => (matchRoutes(routeObjects, path) ?? []).map((m) => (m.route.handle as RouteMeta | undefined)?.path).filter(Boolean);

describe('router: the member center is a layout with nested pages', () => {
  it('matches /member/<page> inside the /member layout route', () => {
    expect(metaChain('/member/withdraw')).toEqual(['/member', '/member/withdraw']);
    expect(metaChain('/member/securityCenter')).toEqual(['/member', '/member/securityCenter']);
    expect(metaChain('/member')).toEqual(['/member']);
  });

  it('guards the layout and each page', () => {
    const matches = matchRoutes(routeObjects, '/member/depositv2') ?? [];
    const guarded = matches.filter((m) => (m.route.handle as RouteMeta | undefined)?.requiresLogin);
    expect(guarded).toHaveLength(2);
    for (const m of guarded) expect(typeof m.route.loader).toBe('function');
  });

  it('sends unknown member pages and wrong case to not-found', () => {
    expect(metaChain('/member/nope')).toEqual(['*']);
    expect(metaChain('/member/Withdraw')).toEqual(['*']);
  });
});

describe('router: the agent center is a frame with nested pages', () => {
  it('matches /agentHome/<page> inside the /agentHome frame', () => {
    expect(metaChain('/agentHome/registerCenter')).toEqual(['/agentHome', '/agentHome/registerCenter']);
    expect(metaChain('/agentHome/downlineManagmentView')).toEqual(['/agentHome', '/agentHome/downlineManagmentView']);
    expect(metaChain('/agentHome')).toEqual(['/agentHome']);
  });

  it('leaves the guard to the agent center (it sends visitors and members to /agent with the reason)', () => {
    const matches = matchRoutes(routeObjects, '/agentHome/palStatementsAgentCopy') ?? [];
    expect(matches.filter((m) => (m.route.handle as RouteMeta | undefined)?.requiresAgent)).toHaveLength(2);
    for (const m of matches) expect(m.route.loader).toBeUndefined();
  });

  it('sends unknown pages and wrong case to not-found', () => {
    expect(metaChain('/agentHome/messages')).toEqual(['/agentHome', '/agentHome/messages']);
    expect(metaChain('/agentHome/nope')).toEqual(['*']);
    expect(metaChain('/agentHome/RegisterCenter')).toEqual(['*']);
  });
});

describe('router: the back office is its own section, outside the player and agent layouts', () => {
  it('matches /backoffice/<page> and its sign-in page inside the /backoffice section', () => {
    expect(metaChain('/backoffice')).toEqual(['/backoffice']);
    expect(metaChain('/backoffice/deposits')).toEqual(['/backoffice', '/backoffice/deposits']);
    expect(metaChain('/backoffice/promotion-claims')).toEqual(['/backoffice', '/backoffice/promotion-claims']);
    expect(metaChain('/backoffice/login')).toEqual(['/backoffice', '/backoffice/login']);
  });

  it('sits directly under the root layout: no player shell, no agent frame', () => {
    const matches = matchRoutes(routeObjects, '/backoffice/members') ?? [];
    // The root layout, then the section: nothing (a layout without a handle) in between.
    expect(matches).toHaveLength(3);
    expect(matches[0].route.handle).toBeUndefined();
    for (const m of matches.slice(1)) expect((m.route.handle as RouteMeta).layout).toBe('backoffice');
  });

  it('leaves the guard to the section (its token is the operator’s, not the member’s)', () => {
    for (const m of matchRoutes(routeObjects, '/backoffice/audit') ?? []) expect(m.route.loader).toBeUndefined();
  });

  it('sends unknown back-office pages and wrong case to not-found', () => {
    expect(metaChain('/backoffice/nope')).toEqual(['*']);
    expect(metaChain('/backoffice/Deposits')).toEqual(['*']);
  });
});
