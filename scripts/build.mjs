import { build, ensureDependencies } from './lib/tasks.mjs'

ensureDependencies()
build()
