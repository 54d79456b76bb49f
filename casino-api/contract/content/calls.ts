import * as C from './schemas.ts'
import { defineCall } from '../define.ts'

export const contentCalls = {
  get_content_template: defineCall({
    method: 'POST',
    path: '/front/get_content_template',
    auth: 'public',
    read: true,
    params: C.GetContentTemplateParams,
    answer: C.GetContentTemplateAnswer,
    summary: 'A content page (terms, privacy, about-us …) by slug and locale, as sanitized HTML.',
    errors: ['not_found'],
  }),
  get_promotion_template: defineCall({
    method: 'POST',
    path: '/front/get_promotion_template',
    auth: 'public',
    read: true,
    params: C.GetPromotionTemplateParams,
    answer: C.GetPromotionTemplateAnswer,
    summary: 'The running promotions of a locale, or one promotion by slug.',
    errors: ['not_found'],
  }),
  get_faq_template: defineCall({
    method: 'POST',
    path: '/front/get_faq_template',
    auth: 'public',
    read: true,
    params: C.GetFaqTemplateParams,
    answer: C.GetFaqTemplateAnswer,
    summary: 'The FAQ sections of a locale and the questions of all of them or of one section.',
    errors: ['not_found'],
  }),
  get_sliders: defineCall({
    method: 'POST',
    path: '/front/get_sliders',
    auth: 'public',
    read: true,
    params: C.GetSlidersParams,
    answer: C.GetSlidersAnswer,
    summary: 'The slides of the home carousel.',
  }),
}
