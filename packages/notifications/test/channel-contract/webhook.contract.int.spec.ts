import { describeChannelContract } from './channel-contract';
import { describeThrottledCrashes } from './throttled-crashes';

describeChannelContract('webhook');
describeThrottledCrashes('webhook');
