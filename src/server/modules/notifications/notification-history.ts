import { count, desc, eq, inArray } from 'drizzle-orm';
import type { DeliveryKind, DeliveryStatus, NotificationChannel, NotificationEventKind, NotificationHistory } from '../../../shared/contracts/notifications';
import type { Db } from '../../db/client';
import { notificationDeliveries, notificationEvents, type NotificationDeliveryRow } from '../../db/schema';

/** One page of a user's notifications, newest first, with the kinds of the events each told of. */
export async function listDeliveries(db: Db, userId: number, { page, pageSize }: { page: number; pageSize: number }): Promise<NotificationHistory> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, userId))
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId)),
  ]);
  const eventIds = [...new Set(rows.flatMap((row) => row.eventIds))];
  const kinds = new Map(
    eventIds.length === 0
      ? []
      : (await db.select({ id: notificationEvents.id, kind: notificationEvents.kind }).from(notificationEvents).where(inArray(notificationEvents.id, eventIds))).map((e) => [e.id, e.kind as NotificationEventKind]),
  );
  return { deliveries: rows.map((row) => deliveryView(row, kinds)), page, pageSize, total: total?.n ?? 0 };
}

function deliveryView(row: NotificationDeliveryRow, kinds: ReadonlyMap<number, NotificationEventKind>) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    channel: row.channel as NotificationChannel,
    kind: row.kind as DeliveryKind,
    status: row.status as DeliveryStatus,
    target: row.target,
    subject: row.subject,
    events: [...new Set(row.eventIds.map((id) => kinds.get(id)).filter((k): k is NotificationEventKind => k !== undefined))],
    attempts: row.attempts,
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'retrying' ? row.nextAttemptAt.toISOString() : null,
    error: row.status === 'sent' ? null : row.errorMessage,
  };
}
