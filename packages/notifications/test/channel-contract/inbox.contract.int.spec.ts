import { describeInboxContract } from './channel-contract';

describeInboxContract();
