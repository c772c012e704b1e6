import { describeChannelContract } from './channel-contract';

describeChannelContract('ntfy');
