import { describeChannelContract } from './channel-contract';

describeChannelContract('email');
