import { createContext, useContext } from 'react'
import type * as Controller from './Controller.js'

/** The modal's controller, for the views. */
export const ControllerContext = createContext<Controller.Controller | null>(null)

/** Reads the controller; views render only inside the App. */
export function useController(): Controller.Controller {
  const controller = useContext(ControllerContext)
  if (!controller) throw new Error('useController outside <App>')
  return controller
}
