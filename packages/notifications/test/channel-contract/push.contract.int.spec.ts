import { describeChannelContract } from './channel-contract';

describeChannelContract('push');
