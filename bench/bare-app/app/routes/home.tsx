import { useTranslation } from 'react-i18next'

export function meta() {
  return [{ title: 'Bare page' }, { name: 'description', content: 'React Router, React and i18next, nothing else.' }]
}

export default function Home() {
  const { t } = useTranslation()
  return (
    <main>
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
    </main>
  )
}
