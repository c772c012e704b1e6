// The recipient profile: a person's zone, quiet hours, inbox-on-time, default lead and digest.
export * from './recipient-profile.state';
export * from './recipient-profile.entity';
export * from './recipient-profile-updated.event';
export * from './profile-values';
