import { describeChannelContract } from './channel-contract';
import { describeThrottledCrashes } from './throttled-crashes';
import { describeEscalationCrashes } from './escalation-crashes';
import { describeFallbackCrashes } from './fallback-crashes';

describeChannelContract('webhook');
describeThrottledCrashes('webhook');
describeEscalationCrashes('webhook');
describeFallbackCrashes('webhook');
