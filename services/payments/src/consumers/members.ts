import { isUuid, memberEventHandlers, type EventHandler, type EventHandlers } from '@marketplace/service-kit';
import type { PaymentsDatabase } from '../db-types';

/** Durable consumer name on the ACCOUNTS stream. */
export const MEMBERS_CONSUMER = 'payments-members';

type Handler<T extends 'accounts.user.registered' | 'accounts.user.deleted'> = EventHandler<
  PaymentsDatabase,
  T,
  1
>;
const keepMember = memberEventHandlers[
  'accounts.user.registered'
] as unknown as Handler<'accounts.user.registered'>;
const eraseMember = memberEventHandlers[
  'accounts.user.deleted'
] as unknown as Handler<'accounts.user.deleted'>;

/**
 * The kit's members read model, plus what receipts print of a company: its CAC registration number, as
 * accounts announced it at registration (it cannot be edited afterwards). A deleted account's number is
 * forgotten here; receipts already issued keep theirs (records kept for tax).
 */
export const paymentsMemberHandlers: EventHandlers<PaymentsDatabase> = {
  ...(memberEventHandlers as EventHandlers<PaymentsDatabase>),
  'accounts.user.registered': async (payload, trx, event, log) => {
    await keepMember(payload, trx, event, log);
    if (payload.type !== 'company' || !payload.cacNumber || !isUuid(payload.userId)) return;
    const cacNumber = payload.cacNumber.trim().slice(0, 40);
    if (!cacNumber) return;
    await trx
      .insertInto('company_cac_numbers')
      .values({ company_id: payload.userId, cac_number: cacNumber, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({ cac_number: cacNumber, updated_at: new Date() }),
      )
      .execute();
  },
  'accounts.user.deleted': async (payload, trx, event, log) => {
    await eraseMember(payload, trx, event, log);
    if (!isUuid(payload.userId)) return;
    await trx.deleteFrom('company_cac_numbers').where('company_id', '=', payload.userId).execute();
  },
};
