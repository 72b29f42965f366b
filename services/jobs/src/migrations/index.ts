import { createMembersTable, type SchemaMigrations } from '@marketplace/service-kit';
import { jobsMigration } from './0002_jobs';
import { jobDetailsMigration } from './0003_job_details';
import { unlocksApplicationsReviewsMigration } from './0004_unlocks_applications_reviews';
import { jobAlertsMigration } from './0005_job_alerts';
import { hireMigration } from './0006_hire';
import { offersMigration } from './0007_offers';
import { reviewModerationMigration } from './0008_review_moderation';
import { paymentNoticesMigration } from './0009_payment_notices';
import { refundNoticesMigration } from './0010_refund_notices';

/** The jobs schema's migrations, one file each, applied in key order. */
export const jobsMigrations: SchemaMigrations = {
  '0001_members': createMembersTable,
  '0002_jobs': jobsMigration,
  '0003_job_details': jobDetailsMigration,
  '0004_unlocks_applications_reviews': unlocksApplicationsReviewsMigration,
  '0005_job_alerts': jobAlertsMigration,
  '0006_hire': hireMigration,
  '0007_offers': offersMigration,
  '0008_review_moderation': reviewModerationMigration,
  '0009_payment_notices': paymentNoticesMigration,
  '0010_refund_notices': refundNoticesMigration,
};
