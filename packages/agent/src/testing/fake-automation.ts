import type {
  ClaimActivitiesRequest,
  ClaimedActivity,
  ReportActivityRequest,
  ReportActivityResponse,
  SyncConnectionsRequest,
  SyncConversationsRequest,
} from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import type { AutomationApi } from '../automation-client.ts';
import { badGateway } from '../errors.ts';

export type FakeActivity = Omit<ClaimedActivity, 'attempt' | 'lease_expires_at'>;

type Row = {
  activity: FakeActivity;
  attempt: number;
  leasedBy: string | null;
  reportKeys: Set<string>;
  accepted: ReportActivityRequest[];
};

/**
 * The automation service's runner protocol in memory, with its promises: a claim leases and bumps
 * the attempt; a report for a stale attempt answers accepted: false; a resent key answers
 * duplicate: true and changes nothing. expireLeases() plays the lease running out.
 */
export function createFakeAutomation(options: { clock: Clock; activities?: FakeActivity[] }) {
  const rows = new Map<string, Row>();
  const reports: { activityId: string; request: ReportActivityRequest; response?: ReportActivityResponse }[] =
    [];
  const claims: ClaimActivitiesRequest[] = [];
  const connectionSyncs: SyncConnectionsRequest[] = [];
  const conversationSyncs: SyncConversationsRequest[] = [];
  const faults = { loseReportResponses: 0, failReports: null as null | (() => Error) };
  /** The reports of each reportMany call, by activity id (a batch per call). */
  const reportBatches: string[][] = [];

  const add = (activity: FakeActivity) => {
    rows.set(activity.activity_id, {
      activity,
      attempt: 0,
      leasedBy: null,
      reportKeys: new Set(),
      accepted: [],
    });
  };
  for (const activity of options.activities ?? []) add(activity);

  const claim = async (request: ClaimActivitiesRequest) => {
    claims.push(request);
    const due = [...rows.values()].filter((row) => row.leasedBy === null && row.accepted.length === 0);
    const leaseEnd = new Date(options.clock.now().getTime() + request.lease_seconds * 1000).toISOString();
    return {
      activities: due.slice(0, request.max).map((row): ClaimedActivity => {
        row.attempt += 1;
        row.leasedBy = request.runner_id;
        return { ...row.activity, attempt: row.attempt, lease_expires_at: leaseEnd };
      }),
    };
  };

  const api: AutomationApi = {
    claim,
    async reportMany({ reports: batch }) {
      reportBatches.push(batch.map((report) => report.activity_id));
      const entries = batch.map(({ activity_id, ...request }) => {
        const entry: (typeof reports)[number] = { activityId: activity_id, request };
        reports.push(entry);
        return entry;
      });
      if (faults.failReports) throw faults.failReports();
      const results = entries.map((entry) => {
        const { activityId, request } = entry;
        const row = rows.get(activityId);
        let response: ReportActivityResponse;
        if (!row || request.attempt !== row.attempt) response = { accepted: false, duplicate: false };
        else if (row.reportKeys.has(request.idempotency_key)) response = { accepted: true, duplicate: true };
        else {
          row.reportKeys.add(request.idempotency_key);
          row.accepted.push(request);
          row.leasedBy = null;
          response = { accepted: true, duplicate: false };
        }
        entry.response = response;
        return { ...response, activity_id: activityId, found: row !== undefined };
      });
      if (faults.loseReportResponses > 0) {
        faults.loseReportResponses -= 1;
        throw badGateway(502);
      }
      return { results };
    },
    async syncConnections(request) {
      connectionSyncs.push(request);
      return { updated_executions: request.connections.length, sync_token: null };
    },
    async syncConversations(request) {
      conversationSyncs.push(request);
      return { updated_executions: request.messages.length, sync_token: request.next_sync_token };
    },
  };

  return {
    api,
    add,
    claims,
    reports,
    reportBatches,
    connectionSyncs,
    conversationSyncs,
    faults,
    /** The accepted reports of an activity (the server's effect). */
    acceptedOf: (activityId: string) => rows.get(activityId)?.accepted ?? [],
    expireLeases() {
      for (const row of rows.values()) row.leasedBy = null;
    },
  };
}

export type FakeAutomation = ReturnType<typeof createFakeAutomation>;
