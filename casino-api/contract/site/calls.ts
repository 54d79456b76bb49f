import { z } from 'zod'
import { GeolocationAnswer, GetSettingAnswer, GetSettingParams } from './schemas.ts'
import { defineCall } from '../define.ts'

export const siteCalls = {
  get_setting: defineCall({
    method: 'POST',
    path: '/front/get_setting',
    auth: 'public',
    read: true,
    params: GetSettingParams,
    answer: GetSettingAnswer,
    summary: 'Site settings: access switch, blacklists, currency, limits.',
  }),
  geolocation: defineCall({
    method: 'GET',
    path: '/front/geolocation',
    auth: 'public',
    read: true,
    params: z.object({}),
    answer: GeolocationAnswer,
    summary: "The visitor's ip and country (X-Forwarded-For is trusted only from configured proxies).",
  }),
}
