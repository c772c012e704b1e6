import { type MigrationSet } from '@tickler/core';
import * as createDeliveries from './2026_11_30_0700_create_notification_deliveries';
import * as createDeliveryLog from './2026_11_30_0710_create_notification_delivery_log';
import * as indexBySourceApp from './2026_12_01_0900_index_deliveries_by_source_app';
import * as createIdempotency from './2026_12_01_1100_create_notification_idempotency';
import * as claimedBy from './2026_12_02_1000_add_claimed_by_to_notification_deliveries';
import * as channels from './2026_12_03_0900_channels_and_channel_sends';
import * as vapidKeys from './2026_12_10_0900_create_notification_vapid_keys';
import * as series from './2026_12_20_0900_create_notification_series';
import * as withdrawals from './2026_12_20_0910_create_notification_withdrawals';
import * as recipientProfiles from './2026_12_21_0900_create_recipient_profiles';
import * as snoozedFrom from './2026_12_21_0910_add_snoozed_from_to_notification_deliveries';
import * as quietHours from './2026_12_21_0920_add_priority_and_deferred_from_to_notification_deliveries';
import * as digestId from './2026_12_21_0930_add_digest_id_to_notification_deliveries';
import * as sendRecoveries from './2026_12_23_0900_add_recoveries_to_notification_channel_sends';
import * as takenOverFirst from './2026_12_24_0900_order_taken_over_channel_sends_first';
import * as throttleIndex from './2027_01_10_0900_index_channel_sends_for_throttling';
import * as finishedByAge from './2027_01_10_0910_index_finished_deliveries_by_age';
import * as preferences from './2027_01_20_0900_create_notification_preferences';
import * as splitBodies from './2027_01_20_0910_split_delivery_bodies';
import * as escalation from './2027_01_25_0900_add_escalation';
import * as channelPauses from './2027_01_25_0910_create_notification_channel_pauses';
import * as fallback from './2027_01_26_0900_add_fallback_and_source_escalation';
import * as subscriptionPauses from './2027_01_26_0910_create_notification_subscription_pauses';
import * as seriesRules from './2027_01_26_0930_carry_rules_into_series';

/** The context's schema, ledger `notifications_migrations`. */
export const notificationsMigrations: MigrationSet = {
  '2026_11_30_0700_create_notification_deliveries': createDeliveries,
  '2026_11_30_0710_create_notification_delivery_log': createDeliveryLog,
  '2026_12_01_0900_index_deliveries_by_source_app': indexBySourceApp,
  '2026_12_01_1100_create_notification_idempotency': createIdempotency,
  '2026_12_02_1000_add_claimed_by_to_notification_deliveries': claimedBy,
  '2026_12_03_0900_channels_and_channel_sends': channels,
  '2026_12_10_0900_create_notification_vapid_keys': vapidKeys,
  '2026_12_20_0900_create_notification_series': series,
  '2026_12_20_0910_create_notification_withdrawals': withdrawals,
  '2026_12_21_0900_create_recipient_profiles': recipientProfiles,
  '2026_12_21_0910_add_snoozed_from_to_notification_deliveries': snoozedFrom,
  '2026_12_21_0920_add_priority_and_deferred_from_to_notification_deliveries': quietHours,
  '2026_12_21_0930_add_digest_id_to_notification_deliveries': digestId,
  '2026_12_23_0900_add_recoveries_to_notification_channel_sends': sendRecoveries,
  '2026_12_24_0900_order_taken_over_channel_sends_first': takenOverFirst,
  '2027_01_10_0900_index_channel_sends_for_throttling': throttleIndex,
  '2027_01_10_0910_index_finished_deliveries_by_age': finishedByAge,
  '2027_01_20_0900_create_notification_preferences': preferences,
  '2027_01_20_0910_split_delivery_bodies': splitBodies,
  '2027_01_25_0900_add_escalation': escalation,
  '2027_01_25_0910_create_notification_channel_pauses': channelPauses,
  '2027_01_26_0900_add_fallback_and_source_escalation': fallback,
  '2027_01_26_0910_create_notification_subscription_pauses': subscriptionPauses,
  '2027_01_26_0930_carry_rules_into_series': seriesRules,
};
