import { describeChannelContract } from './channel-contract';

describeChannelContract('webhook');
