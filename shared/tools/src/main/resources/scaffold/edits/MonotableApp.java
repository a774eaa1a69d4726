    domainStack(app, settings, "__Id__Stack", dev.monotable.__id__.__Id__.DOMAIN);
