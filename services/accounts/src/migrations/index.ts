import type { SchemaMigrations } from '@marketplace/service-kit';
import { usersMigration } from './0001_users';
import { sessionsMigration } from './0002_sessions';
import { profilesContactMigration } from './0003_profiles_contact';
import { sessionBindingMigration } from './0004_session_binding';
import { companyRatingMigration } from './0005_company_rating';
import { accountTokensMigration } from './0006_account_tokens';
import { noticeMailsMigration } from './0007_notice_mails';
import { directoryOrderMigration } from './0008_directory_order';
import { paymentNoticesMigration } from './0009_payment_notices';
import { jobAlertNoticesMigration } from './0010_job_alert_notices';
import { replyTimesMigration } from './0011_reply_times';
import { companyVerificationMigration } from './0013_company_verification';
import { reviewModerationMigration } from './0012_review_moderation';
import { refundNoticesMigration } from './0014_refund_notices';

/** The accounts schema's migrations, one file each, applied in key order. */
export const accountsMigrations: SchemaMigrations = {
  '0001_users': usersMigration,
  '0002_sessions': sessionsMigration,
  '0003_profiles_contact': profilesContactMigration,
  '0004_session_binding': sessionBindingMigration,
  '0005_company_rating': companyRatingMigration,
  '0006_account_tokens': accountTokensMigration,
  '0007_notice_mails': noticeMailsMigration,
  '0008_directory_order': directoryOrderMigration,
  '0009_payment_notices': paymentNoticesMigration,
  '0010_job_alert_notices': jobAlertNoticesMigration,
  '0011_reply_times': replyTimesMigration,
  '0013_company_verification': companyVerificationMigration,
  '0012_review_moderation': reviewModerationMigration,
  '0014_refund_notices': refundNoticesMigration,
};
