import {
  postsResponseSchema,
  sandboxActivitySchema,
  sandboxProfileDetailsSchema,
  skillsResponseSchema,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { dayMs, findMember, membersAtDegree, sandboxesClosedAfterEachTest } from '../testing/test-sandbox.ts';

const sandbox = sandboxesClosedAfterEachTest();

describe('follow, posts, skills, visits and profile details', () => {
  it('lists recent posts (none for some people) and records one reaction per post', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const poster = findMember(box.population, (person) => person.postIds.length >= 2 && person !== member);
    const silent = findMember(box.population, (person) => person.postIds.length === 0);
    const posts = postsResponseSchema.parse(
      (await box.call('GET', `/api/profiles/${poster.publicIdentifier}/posts`, headers)).json(),
    ).posts;
    expect(posts.map((post) => post.postId).sort()).toEqual([...poster.postIds].sort());
    expect(posts[0]?.postUrn).toBe(`urn:li:activity:${posts[0]?.postId}`);
    expect(posts.every((post) => post.createdAt < box.clock.now().toISOString())).toBe(true);
    const none = (await box.call('GET', `/api/profiles/${silent.publicIdentifier}/posts`, headers)).json();
    expect(none).toEqual({ posts: [] });

    const react = await box.call('POST', `/api/posts/${posts[0]?.postId}/reactions`, headers, {
      reaction: 'PRAISE',
    });
    expect(react.statusCode).toBe(200);
    expect(react.json()).toMatchObject({ entityId: poster.entityId, reaction: 'PRAISE' });
    box.clock.advance(1000);
    const again = await box.call('POST', `/api/posts/${posts[0]?.postId}/reactions`, headers, {
      reaction: 'LIKE',
    });
    expect(again.json()).toEqual(react.json());
    const bad = await box.call('POST', `/api/posts/${posts[0]?.postId}/reactions`, headers, {
      reaction: 'LOVE',
    });
    expect(bad.statusCode).toBe(422);
    const missing = await box.call('POST', '/api/posts/1/reactions', headers, { reaction: 'LIKE' });
    expect(missing.statusCode).toBe(404);
  });

  it('endorses listed skills of connections only, once each', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const [friend] = membersAtDegree(box.population, member, 'FIRST');
    const [stranger] = membersAtDegree(box.population, member, 'SECOND');
    if (!friend || !stranger) throw new Error('no people');
    const skills = skillsResponseSchema.parse(
      (await box.call('GET', `/api/profiles/${friend.publicIdentifier}/skills`, headers)).json(),
    ).skills;
    expect(skills.map((skill) => skill.name)).toEqual(friend.skills);
    const skill = skills[0];
    const endorse = () =>
      box.call('POST', `/api/profiles/${friend.publicIdentifier}/endorsements`, headers, {
        skill: skill?.name,
      });
    const first = await endorse();
    expect(first.statusCode).toBe(200);
    expect((await endorse()).json()).toEqual(first.json());
    const after = skillsResponseSchema.parse(
      (await box.call('GET', `/api/profiles/${friend.publicIdentifier}/skills`, headers)).json(),
    ).skills[0];
    expect(after).toEqual({
      name: skill?.name,
      endorsementCount: (skill?.endorsementCount ?? 0) + 1,
      endorsedByViewer: true,
    });
    const notListed = await box.call(
      'POST',
      `/api/profiles/${friend.publicIdentifier}/endorsements`,
      headers,
      {
        skill: 'Underwater basket weaving',
      },
    );
    expect(notListed.json()).toMatchObject({ name: 'UnprocessableEntity', code: 'SKILL_NOT_FOUND' });
    const notConnected = await box.call(
      'POST',
      `/api/profiles/${stranger.publicIdentifier}/endorsements`,
      headers,
      {
        skill: stranger.skills[0],
      },
    );
    expect(notConnected.statusCode).toBe(403);
    expect(notConnected.json()).toMatchObject({ name: 'NotAuthorized', code: 'NOT_CONNECTED' });
  });

  it('follows idempotently, counts one visit per person per day, and shows details with contact info', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const headers = await box.signIn(member);
    const friends = membersAtDegree(box.population, member, 'FIRST');
    const [stranger] = membersAtDegree(box.population, member, 'SECOND');
    if (!stranger) throw new Error('no people');
    const follow = await box.call('POST', '/api/follows', headers, { entityId: stranger.entityId });
    box.clock.advance(1000);
    expect((await box.call('POST', '/api/follows', headers, { entityId: stranger.entityId })).json()).toEqual(
      follow.json(),
    );
    const profile = (await box.call('GET', `/api/profiles/${stranger.publicIdentifier}`, headers)).json();
    expect(profile.relationship).toEqual({
      invitationPending: false,
      invitationId: null,
      following: true,
      canMessage: false,
    });

    const visit = () => box.call('POST', `/api/profiles/${stranger.publicIdentifier}/visits`, headers);
    expect((await visit()).statusCode).toBe(200);
    await visit();
    box.clock.advance(dayMs);
    await visit();
    const activity = sandboxActivitySchema.parse((await box.call('GET', '/api/activity', headers)).json());
    expect(activity.counts).toMatchObject({ follows: 1, visits: 2 });

    const details = friends.map(async (friend) =>
      sandboxProfileDetailsSchema.parse(
        (await box.call('GET', `/api/profiles/${friend.publicIdentifier}/details`, headers)).json(),
      ),
    );
    const friendDetails = await Promise.all(details);
    expect(friendDetails.some((each) => each.contactInfo.email !== null)).toBe(true);
    expect(friendDetails.some((each) => each.contactInfo.email === null)).toBe(true);
    expect(friendDetails[0]).toMatchObject({ degree: 'FIRST', skills: friends[0]?.skills });
    const strangerDetails = sandboxProfileDetailsSchema.parse(
      (await box.call('GET', `/api/profiles/${stranger.publicIdentifier}/details`, headers)).json(),
    );
    expect(strangerDetails.contactInfo.email).toBeNull();
    expect(strangerDetails.positions[0]).toMatchObject({
      title: stranger.title,
      companyName: stranger.company,
    });
  });
});
