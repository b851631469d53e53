import { createRoot } from 'react-dom/client'
import { Demo } from './Demo.js'
import './demo.css'

createRoot(document.getElementById('root')!).render(<Demo />)
